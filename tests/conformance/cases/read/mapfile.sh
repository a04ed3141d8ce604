mapfile -t lines <<< $'a\nb\nc'
echo ${#lines[@]} ${lines[1]}
