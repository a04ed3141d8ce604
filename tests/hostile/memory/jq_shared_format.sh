# The same shared array through `@base64` (tostring, then the escape at
# 4/3 of the text): stopped by the memory limit before the text is built
# (before: 940 MB of peak RSS at an 8 MB limit).
# profile: normal
# limit: max_memory=8M
# expect-stop: memory
# expect-stderr-contains: jq: memory exhausted
jq -n '"a"*100000 | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | [.,.,.,.,.,.,.,.] | @base64 | length'
