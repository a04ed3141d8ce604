# The word of ${v:-w}, ${v:+w}, ${v:=w} and ${v:?w} inside double quotes
# is double-quoted text: single quotes stay (and what they hold is
# expanded), tildes stay, a backslash is special only before $ ` " \.
HOME=/home/h
var='a b c'
x=abc
printf '<%s>' "${u:-'b'}" "${x:+'b'}" "${u1='c'}" "$u1"; echo
printf '<%s>' "${u:-'$var'}" "${u:-~}" "${u:-~/x}" "${u:-a\ b}" "${u:-\$}" "${u:-\"z\"}"; echo
printf '<%s>' ${u:-'$var'} ${u:-~} "${u:-"q r"}" "${u:-$'d\x41'}"; echo
# patterns and replacements keep their quoting rules
printf '<%s>' "${x#'a'}" "${x/a/'r'}"; echo
(: "${u:?'not set'}") 2>&1 | sed 's/.*: //'
