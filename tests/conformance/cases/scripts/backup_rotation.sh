mkdir -p backups
for i in 1 2 3 4 5; do echo "backup $i" > "backups/db.$i.bak"; done
keep=3
files=(backups/db.*.bak)
IFS=$'\n' sorted=($(printf '%s\n' "${files[@]}" | sort -t. -k2,2n)); unset IFS
excess=$(( ${#sorted[@]} - keep ))
for ((i=0; i<excess; i++)); do rm "${sorted[i]}"; echo "removed ${sorted[i]}"; done
ls backups
