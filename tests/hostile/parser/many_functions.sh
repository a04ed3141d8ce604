# 20 000 function definitions (and no calls).
# generate: "f() { :; }\n"*20000 "echo ok\n"
# limit: max_commands=100000
# expect-stop: none
# expect-stdout: ok
# expect-max-seconds: 1
