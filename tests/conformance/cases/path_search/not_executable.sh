# check-stderr
# A file without an execute bit: type names it, running it is refused.
mkdir bin
echo 'echo ran tool' > bin/tool
PATH=bin:/usr/bin
type -t tool
type tool
tool
echo "status $?"
command -v tool
echo "command -v: $?"
chmod +x bin/tool
tool
echo "status $?"
