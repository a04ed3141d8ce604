set +o
