# One function of 60 000 arithmetic commands, one complete command of
# 360 KB with a non-ASCII word first: the resolver finds each `((`'s text
# by brush-parser's character positions, which must not rescan the text
# each time (it did: quadratic, 50 000 took 7 s; bash 0.16 s).
# generate: "f() { : é\n" "((1))\n"*60000 "}\nf\necho ok\n"
# profile: normal
# expect-stop: none
# expect-stdout: ok
# expect-max-seconds: 2
