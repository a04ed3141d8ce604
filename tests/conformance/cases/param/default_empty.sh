v=
echo "[${v:-x}]" "[${v-x}]"
