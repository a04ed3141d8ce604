work=$(mktemp -d ./work.XXXXXX)
trap 'rm -rf "$work"; echo cleaned' EXIT
echo data > "$work/file"
[[ -f $work/file ]] && echo "file exists in work dir"
