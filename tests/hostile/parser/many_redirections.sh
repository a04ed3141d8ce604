# One command with 50 000 redirections.
# generate: "echo x" " >/dev/null"*50000 "\necho done\n"
# expect-stop: none
# expect-stdout: done
# expect-max-seconds: 3
