s='eval "$s"'; eval "$s"
