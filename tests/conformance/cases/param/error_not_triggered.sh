v=ok
echo ${v:?bad}
e=
echo "[${e?bad}]"
