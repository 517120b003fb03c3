/** `/favicon.ico`: a 32×32 icon (a PNG inside an ICO), so a browser showing `/docs` gets no 404. */
import { HttpRouter, HttpServerResponse } from "effect/http"

const icon = Uint8Array.from(Buffer.from(
  "AAABAAEAICAAAAEAIADcAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAKNJREFUeNrtl9sJgDAMRTuFYziJs4gjual+FaTE5mWaqxgIlDb0HgJNk1LeZvO+Hj1PEQ2FsYq7IajLpm0RuRvEKsyBDBU3QzwpTkEMFxdDRIqLIDiAapxIL04EYLlYE0cCSNJ/NU8MmQUNQF1T55oMuABaiHY9BECz910Azyv4AW5rQUohgirFaZ9R+ncM0ZBAtGTpTSlEWw4xmMCMZhDDaaSdC8zypo3Er5sAAAAASUVORK5CYII=",
  "base64"
))

export const layer = HttpRouter.add(
  "GET",
  "/favicon.ico",
  HttpServerResponse.uint8Array(icon, {
    contentType: "image/x-icon",
    headers: { "cache-control": "public, max-age=86400" }
  })
)
