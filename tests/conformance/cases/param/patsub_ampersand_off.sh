shopt -u patsub_replacement
v='abc'
echo "${v/b/[&]}"
