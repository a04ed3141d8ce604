v='hello world'
echo "${v/o/[&]}"
echo "${v//o/<&>}"
