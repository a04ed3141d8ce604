d=/tmp/sandbash_rp_$$; rm -rf "$d"; mkdir -p "$d/a/b"; ln -s a/b "$d/l"
realpath "$d/l/../b" "$d/a//b/." | sed "s|^$d|TMP|"; rm -rf "$d"
