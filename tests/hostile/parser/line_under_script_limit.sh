# A single line of 990 000 bytes, just under the strict script limit of
# 1 000 000 bytes: parsed and run quickly.
# generate: ": " "a"*990000 "\necho done\n"
# expect-stop: none
# expect-stdout: done
# expect-max-seconds: 2
