# check-stderr
mkdir d
touch f
printf "#!/bin/sh\n" > x; chmod +x x
ln -s f l
ln -s d dl
ls -F; echo "s=$?"
ls -p; echo "s=$?"
ls --indicator-style=slash; echo "s=$?"
ls --indicator-style=file-type; echo "s=$?"
ls --indicator-style=classify; echo "s=$?"
ls --indicator-style=none; echo "s=$?"
ls --classify; echo "s=$?"
ls -F dl; echo "s=$?"
ls -F dl/; echo "s=$?"
ls --indicator-style=bad; echo "s=$?"
