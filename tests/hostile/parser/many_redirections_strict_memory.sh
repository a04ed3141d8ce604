# One command with 50 000 redirections under the strict 10 MiB: its parse
# does not fit and the memory limit refuses it; the line before it ran
# (scripts are read a complete command at a time, as bash does).
# generate: "echo before\necho x" " >/dev/null"*50000 "\necho after\n"
# expect-stop: memory
# expect-stdout: before
# expect-max-seconds: 1
