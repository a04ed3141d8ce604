[[ $UID =~ ^[0-9]+$ && $EUID =~ ^[0-9]+$ ]] && echo numeric
UID=5 2>/dev/null
echo "status=$?"
