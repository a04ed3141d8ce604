# A stat format asking for a field of billions of characters, or a
# format repeated many times: width and precision are capped (4096), and what is
# printed is bounded by the output limit.
# limit: max_output=1M
# expect-stop: none
# expect-stdout: 4097
# expect-stdout: 4108
# expect-max-seconds: 3
touch f
stat -c '%9999999999s' f | wc -c
stat -c '%.99999999999Y' f | wc -c
