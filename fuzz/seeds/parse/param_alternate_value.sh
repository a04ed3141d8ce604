v=1 e=
unset u
echo "[${v:+alt}]" "[${e:+alt}]" "[${e+set}]" "[${u+set}]"
