export USER_NAME=ann PORT=8080
cat > tpl.conf <<'T'
server {
  listen ${PORT};
  # owner: $USER_NAME ($HOME_UNSET_X)
  root /srv/$USER_NAME/www;
}
T
envsubst < tpl.conf
envsubst '$PORT' < tpl.conf
