FOO=bar env | grep '^FOO='
echo "[${FOO-unset}]"
