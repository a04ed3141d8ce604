f=$(mktemp -p . fooXXXX.bar 2>&1); echo "status $?"
f=$(mktemp -p . fooXXXXXX); case ${f##*/} in foo??????) echo ok;; *) echo bad;; esac
