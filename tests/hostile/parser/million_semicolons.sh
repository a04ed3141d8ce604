# A command followed by 990 000 semicolons: one syntax error, found
# quickly (bash takes 0.03 s; 0.5 s allowed).
# generate: "echo a" ";"*990000 "\n"
# expect-stop: none
# expect-status: 2
# expect-stdout-empty:
# expect-stderr-contains: syntax error near unexpected token `;;'
# expect-max-seconds: 0.5
