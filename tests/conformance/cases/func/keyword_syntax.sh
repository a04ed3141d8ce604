function greet { echo "hi $1"; }
function other() { echo other; }
greet there
other
