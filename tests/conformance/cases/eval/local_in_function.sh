f() { eval 'local v=inner'; echo "$v"; }
f
echo "[${v-unset}]"
