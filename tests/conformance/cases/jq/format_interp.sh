jq -rn '"a b" as $x | @uri "https://x/?q=\($x)"'
jq -rn '@sh "echo \("it'"'"'s")"'
jq -rn '@base64 "x\("hi")y"'
