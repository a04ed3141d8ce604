mkdir mytmp; export TMPDIR=$PWD/mytmp
f=$(mktemp); [ -f "$f" ] && echo file; ls mytmp | wc -l
