# `head -1` of an endless process substitution returns at once: closing
# its descriptor when `head` ends gives `yes` a broken pipe, which ends it.
# expect-stop: none
# expect-stdout: y
# expect-stdout: done
# expect-max-seconds: 1
head -1 <(yes)
echo done
