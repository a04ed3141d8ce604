cat > env.sh <<'EOF'
APP_NAME="my app"
APP_DEBUG=1
EOF
set -a
. ./env.sh
set +a
env | grep '^APP_' | sort
