# 100 nested command substitutions run under `set -T` with a DEBUG trap
# that reads `$BASH_COMMAND` at every level: each level's text, with its
# `$( )` bodies printed as bash keeps them, is worked out once, when read
# (not for every command as the script is read), and parses a bounded
# amount of body text (an uninterruptible parse), so the run ends quickly.
# generate: "set -T\ntrap ': \"$BASH_COMMAND\"' DEBUG\necho " "$(echo a "*100 "echo x" ")"*100 "\n"
# profile: normal
# expect-stop: none
# expect-stdout-prefix: a a a
# expect-stdout-bytes: 207
