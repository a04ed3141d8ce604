x=1
cat <<EOF
$x ${x}y $(echo c) $((1+1)) \$x "q" 'q'
EOF
