# PROMPT_COMMAND, PS0, PS4 traps: nothing runs in a non-interactive shell
# except what the script says.
# expect-stop: none
# expect-stdout: a
# expect-stdout: b
PROMPT_COMMAND='echo pwned'
PS0='$(echo pwned)'
PS1='$(echo pwned)'
echo a
echo b
