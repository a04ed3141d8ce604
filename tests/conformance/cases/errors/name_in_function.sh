# check-stderr
# Inside a function bash names `${BASH_SOURCE[0]}` before its messages:
# `environment` for a function defined in the command string, the file
# for one defined in a sourced file; at the top level `$0`.
f() {
    cd /nonexistent-dir
    nosuchcommand
    (cd /nonexistent-sub)
    eval "if"
    declare -r r=1
    r=2
}
f
cd /nonexistent-top
echo 'g() { cd /nonexistent-g; }; cd /nonexistent-sourced' > lib.sh
source ./lib.sh
g
h() { g; source ./lib.sh; }
h
echo "status $?"
