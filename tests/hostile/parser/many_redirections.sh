# One command with 50 000 redirections, with room for its parse (~100 000
# tokens, ~30 MB in brush-parser).
# generate: "echo x" " >/dev/null"*50000 "\necho done\n"
# limit: max_memory=128M
# expect-stop: none
# expect-stdout: done
# expect-max-seconds: 3
