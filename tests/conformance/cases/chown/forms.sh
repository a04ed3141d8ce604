# check-stderr
touch f; u=$(id -un); g=$(id -gn)
chown "$u" f; echo "[$?]"
chown "$u:$g" f; echo "[$?]"
chown "$u:" f; echo "[$?]"
chown ":$g" f; echo "[$?]"
chown "$u.$g" f 2>&1 | sed "s/$u/U/g"
chown 0:0 f 2>/dev/null; echo done
