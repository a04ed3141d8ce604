# Offsets and lengths near 2^31 and 2^63 must be clamped, not allocated.
# expect-stop: none
# expect-stdout: [abc] [] [abc] []
x=abc
echo "[${x:0:2147483647}]" "[${x:2147483647}]" "[${x:0:9223372036854775807}]" "[${x:9223372036854775807:9223372036854775807}]"
