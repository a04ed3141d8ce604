stdbuf -oL -- echo dd
