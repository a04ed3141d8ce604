v=val
echo "[${v:-x}]" "[${v-x}]"
