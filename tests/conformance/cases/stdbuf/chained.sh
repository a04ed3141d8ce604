stdbuf -o0 stdbuf -oL echo nested
