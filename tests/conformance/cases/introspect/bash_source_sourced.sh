cat > lib.sh <<'EOF'
echo "src=${BASH_SOURCE[0]} fn=${FUNCNAME[0]}"
libfn() { echo "libfn in ${BASH_SOURCE[0]}, caller file ${BASH_SOURCE[1]}"; }
EOF
source ./lib.sh
libfn
