"""A tiny causal LM built at test time: nothing is downloaded.

:func:`build_tiny_model` trains a byte-level BPE tokenizer on a few sentences (``tokenizers``), wraps
it as a ``PreTrainedTokenizerFast`` with a small chat template, and saves a randomly initialised
2-layer Llama (hidden size 32). With ``lessons=[(prompt, reply)]`` the model is then fitted for a few dozen steps
to answer given chat prompts with given texts, so a test can see a real decision travel from a real
model through HTTP and the parser. :func:`build_tiny_gguf` writes the same model as a GGUF file
(float32 tensors, llama.cpp's names and q/k layout; needs the ``gguf`` package).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from .local import import_local
from .prompts import TEMPLATE_NAMES, load_template

__all__ = ["build_tiny_model", "build_tiny_gguf", "TINY_CHAT_TEMPLATE", "TINY_GGUF"]

TINY_GGUF = "tiny.gguf"

TINY_CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|>\n{{ m['content'] }}\n{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)
_CORPUS = (
    "Final Decision: Yes", "Final Decision: No", "Verdict: CORRECT", "Verdict: INCORRECT",
    "Correct", "Incorrect", "The student's final answer is equivalent to the reference answer.",
    "Reference answer: 1/2. Student's final answer: 0.5. Problem: what is x?",
    "<think> compare the two answers </think>",
)


def _template_texts() -> list[str]:
    """The built-in prompts, so that the tokenizer encodes them in few tokens (fast tests)."""
    return [load_template(name).body for name in TEMPLATE_NAMES]


def _tokenizer(transformers: Any) -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=1024, special_tokens=["<pad>", "<eos>", "<bos>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(list(_CORPUS) * 4 + _template_texts(), trainer=trainer)
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="<pad>", eos_token="<eos>", bos_token="<bos>")
    fast.chat_template = TINY_CHAT_TEMPLATE
    return fast


def build_tiny_model(directory: str | Path, *, seed: int = 0,
                     lessons: Sequence[tuple[str, str]] = (), steps: int = 60) -> Path:
    """Save a tiny model and tokenizer under ``directory`` and return the path.

    ``lessons``: (prompt, reply) pairs the model is fitted to (``steps`` Adam steps, cycling).
    """
    torch, transformers = import_local()
    torch.manual_seed(seed)
    tokenizer = _tokenizer(transformers)
    config = transformers.LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
        num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=4096,
        pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id,
        bos_token_id=tokenizer.bos_token_id, tie_word_embeddings=True, initializer_range=0.5)
    model = transformers.LlamaForCausalLM(config)
    if lessons:
        _teach(torch, model, tokenizer, list(lessons), steps)
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    path = Path(directory)
    model.eval().save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def _teach(torch: Any, model: Any, tokenizer: Any, lessons: list[tuple[str, str]], steps: int) -> None:
    """Fit the model to answer each prompt with its reply (loss on the reply tokens only)."""
    batches = []
    for p, reply in lessons:
        answer = tokenizer(reply, add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id]
        context = tokenizer.apply_chat_template([{"role": "user", "content": p}], tokenize=False,
                                                add_generation_prompt=True)
        ids = tokenizer(context, add_special_tokens=False)["input_ids"]
        labels = [-100] * len(ids) + answer
        batches.append((torch.tensor([ids + answer]), torch.tensor([labels])))
    optimiser = torch.optim.Adam(model.parameters(), lr=1e-2)
    model.train()
    for step in range(steps):
        ids, labels = batches[step % len(batches)]
        loss = model(input_ids=ids, labels=labels).loss
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()


_GGUF_LAYER_NAMES = {
    "self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
    "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
    "mlp.down_proj": "ffn_down", "input_layernorm": "attn_norm", "post_attention_layernorm": "ffn_norm",
}


def build_tiny_gguf(directory: str | Path, *, seed: int = 0) -> tuple[Path, str]:
    """Write the tiny model of :func:`build_tiny_model` as ``directory/tiny.gguf`` (alone in the
    directory, so transformers reads tokenizer and config from the file); return (directory, name)."""
    import tempfile

    import gguf

    _, transformers = import_local()
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        source = build_tiny_model(tmp, seed=seed)
        model = transformers.AutoModelForCausalLM.from_pretrained(source)
        tokenizer = transformers.AutoTokenizer.from_pretrained(source)
    writer = gguf.GGUFWriter(str(path / TINY_GGUF), "llama")
    _gguf_metadata(writer, model.config, tokenizer)
    _gguf_tensors(writer, model)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path, TINY_GGUF


def _gguf_metadata(writer: Any, config: Any, tokenizer: Any) -> None:
    import json

    writer.add_context_length(config.max_position_embeddings)
    writer.add_embedding_length(config.hidden_size)
    writer.add_block_count(config.num_hidden_layers)
    writer.add_feed_forward_length(config.intermediate_size)
    writer.add_head_count(config.num_attention_heads)
    writer.add_head_count_kv(config.num_key_value_heads)
    writer.add_layer_norm_rms_eps(config.rms_norm_eps)
    rope = getattr(config, "rope_parameters", None) or {}
    writer.add_rope_freq_base(float(rope.get("rope_theta", getattr(config, "rope_theta", 10000.0))))
    writer.add_vocab_size(config.vocab_size)
    tokens = [t for t, _ in sorted(tokenizer.get_vocab().items(), key=lambda kv: kv[1])]
    special = set(tokenizer.all_special_tokens)
    merges = json.loads(tokenizer.backend_tokenizer.to_str())["model"]["merges"]
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types([3 if t in special else 1 for t in tokens])  # 3 = control, 1 = normal
    writer.add_token_merges([" ".join(m) if isinstance(m, list) else m for m in merges])
    writer.add_bos_token_id(tokenizer.bos_token_id)
    writer.add_eos_token_id(tokenizer.eos_token_id)
    writer.add_pad_token_id(tokenizer.pad_token_id)
    writer.add_chat_template(tokenizer.chat_template)


def _gguf_tensors(writer: Any, model: Any) -> None:
    """llama.cpp's tensor names; q and k rows permuted as its converter does (transformers undoes it)."""
    import numpy as np

    config, weights = model.config, {k: v.detach().numpy() for k, v in model.state_dict().items()}

    def permute(x: Any, heads: int) -> Any:
        return x.reshape(heads, 2, x.shape[0] // heads // 2, *x.shape[1:]).swapaxes(1, 2).reshape(x.shape)

    writer.add_tensor("token_embd.weight", weights["model.embed_tokens.weight"])
    writer.add_tensor("output_norm.weight", weights["model.norm.weight"])
    for i in range(config.num_hidden_layers):
        for hf_name, gguf_name in _GGUF_LAYER_NAMES.items():
            x = weights[f"model.layers.{i}.{hf_name}.weight"]
            if gguf_name in ("attn_q", "attn_k"):
                x = permute(x, config.num_attention_heads if gguf_name == "attn_q" else config.num_key_value_heads)
            writer.add_tensor(f"blk.{i}.{gguf_name}.weight", np.ascontiguousarray(x))
