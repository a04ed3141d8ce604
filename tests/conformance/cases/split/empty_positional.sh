set --
for w in "$@"; do echo x; done
echo "[$*]"
set -- ""
echo $#
