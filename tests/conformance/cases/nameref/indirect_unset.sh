name=nothing_here
echo "[${!name}]"
echo "[${!name:-dflt}]"
