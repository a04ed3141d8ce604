# `${!` then `}` or a test operator is `$!`, not an indirection
echo "[${!-none}] [${!:-y}] [${!+z}] [${!}]"
true &
wait
[[ ${!} == "$!" ]] && echo same
echo "[${!+alt}] [${!:+alt2}]"
x=y y=val
echo "${!x}"
