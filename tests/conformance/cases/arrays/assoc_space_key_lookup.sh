declare -A ages
ages[tom]=30
ages["mary jane"]=25
echo "${ages[tom]} ${ages[mary jane]} ${#ages[@]}"
