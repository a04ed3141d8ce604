unset v
echo ${v:=new}
echo $v
w=
echo "[${w=no}]" "[$w]"
echo "[${w:=yes}]" "[$w]"
