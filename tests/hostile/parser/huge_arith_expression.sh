# One arithmetic expression with 200 000 terms.
# generate: "echo $((" "1+"*200000 "1))\n"
# expect-stop: none
# expect-stdout: 200001
# expect-max-seconds: 3
