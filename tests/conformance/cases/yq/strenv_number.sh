# from mikefarah/yq docs: operators/env-variable-operators "Read numeric environment variable as a string"
myenv="12" yq --null-input '.a = strenv(myenv)'
