# Unquoted `${!prefix*}` and `${!a[*]}` under an empty IFS are one word
# each (names run together, keys joined with a space); `${!prefix@}`
# lists arrays assigned empty too.
a=(p q); b1=1; b2=2
IFS=:; printf '<%s>' ${!a[*]} ${!b*} "${!a[*]}" "${!b*}"; echo
IFS=; printf '<%s>' ${!a[*]} ${!b*} ${!a[@]} ${!b@} "${!a[*]}" "${!b*}"; echo
unset IFS
zzs=(); declare -a zzr; declare zzq; declare -A zzt
echo "[${!zz@}]"
