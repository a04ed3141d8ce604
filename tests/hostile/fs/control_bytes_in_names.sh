# File names with newlines, escapes, tabs and other control bytes are
# just names.
# expect-stop: none
# expect-stdout: 4
# expect-stdout: ok
cd /tmp
touch $'bad\nname' $'esc\e[2J\e]0;title\a' $'tab\there' $'\x01\x02\x7f'
set -- *
echo $#
rm -- "$@" && echo ok
