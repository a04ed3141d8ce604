# ${v:off:len} slices bytes under LC_ALL=C, characters in UTF-8
w=héllo
printf '%s' "${w:1:2}" | od -An -tx1
printf '%s' "${w:1:1}" | od -An -tx1
echo "${w: -3}" "${w:3}"
LC_ALL=C.UTF-8
printf '%s' "${w:1:2}" | od -An -tx1
printf '%s' "${w:1:1}" | od -An -tx1
echo "${w: -3}" "${w:3}"
