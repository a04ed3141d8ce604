set -o functrace
trap 'echo RET' RETURN
g() { echo g; }
g
